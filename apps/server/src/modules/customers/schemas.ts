/** The customer schemas live in the shared contract (packages/contracts/src/customers.ts). */
export {
  CheckAnswer,
  CheckQuery,
  ConfirmBody,
  Customer,
  CustomerFields,
  CustomerFull,
  CustomerInput,
  CustomerLimited,
  UpdateProfileBody,
} from '@khabkhi/contracts';
