/** The employee schemas live in the shared contract (packages/contracts/src/employees.ts). */
export {
  ChangePasswordBody,
  DeleteBody,
  Password,
  ProfileBody,
  RegisterBody,
  UpdateBody,
  Username,
  WEEKDAYS,
} from '@khabkhi/contracts';
