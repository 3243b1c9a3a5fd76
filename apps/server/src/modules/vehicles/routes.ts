/** vehicle/* (SPEC §7 Vehicle) and the fleet's reminders and rules: HTTP only; the rules are in service.ts. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Envelope,
  Expense,
  FleetRules,
  IdParams,
  Meta,
  Option,
  Reminder,
  ReminderCount,
  RemindersQuery,
  TableQuery,
  Vehicle,
  VehicleCreateBody,
  VehicleDeleteBody,
  VehicleDetail,
  VehicleExpensesQuery,
  VehicleListOptions,
  VehicleTableFilter,
  VehicleUpdateBody,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { vehicleExpenseTable } from '../expenses/index.js';
import {
  createVehicle,
  deleteVehicle,
  getRules,
  getVehicleRow,
  reminderCount,
  reminders,
  saveRules,
  updateVehicle,
  vehicleDetail,
  vehicleListOptions,
  vehicleTable,
  vehicleTableFilter,
  vehicleToApi,
} from './service.js';
import { rulesOn } from './rules.js';
import { todayBangkok } from '@khabkhi/thai';

const tags = ['vehicle'];
const Status = Type.Union([Type.Literal('success'), Type.Literal('error')]);
const Table = <T extends Parameters<typeof Type.Array>[0], F extends Parameters<typeof Type.Array>[0]>(
  row: T,
  filter: F,
  extra = {},
) => Type.Object({ status: Status, message: Type.String(), data: Type.Array(row), filter, meta: Meta, ...extra });

export default async function vehicleRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const one = async (id: number) =>
    vehicleToApi(await getVehicleRow(db(), id), await rulesOn(db(), todayBangkok()), todayBangkok());

  r.post(
    '/vehicle/create',
    {
      config: { auth: ['create', 'Vehicle'] },
      schema: {
        tags,
        summary: 'Add a vehicle (plate no + province unique among live vehicles)',
        body: VehicleCreateBody,
        response: { 200: Envelope(Vehicle) },
      },
    },
    async (req) => ok(await one(await createVehicle(db(), actorOf(req), req.body, req.id)), 'เพิ่มรถเรียบร้อยแล้ว'),
  );

  r.put(
    '/vehicle/update',
    {
      config: { auth: ['update', 'Vehicle'] },
      schema: { tags, summary: 'Change a vehicle', body: VehicleUpdateBody, response: { 200: Envelope(Vehicle) } },
    },
    async (req) => ok(await one(await updateVehicle(db(), actorOf(req), req.body, req.id)), 'บันทึกข้อมูลรถเรียบร้อยแล้ว'),
  );

  r.delete(
    '/vehicle/delete',
    {
      config: { auth: ['delete', 'Vehicle'] },
      schema: {
        tags,
        summary: 'Delete (soft) a vehicle',
        body: VehicleDeleteBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await deleteVehicle(db(), actorOf(req), req.body.vehicle_id, req.id);
      return ok(null, 'ลบรถเรียบร้อยแล้ว');
    },
  );

  r.get(
    '/vehicle/get/:id',
    {
      config: { auth: ['read', 'Vehicle'] },
      schema: {
        tags,
        summary: 'One vehicle with its due dates, reminders, odometer and fuel economy',
        params: IdParams,
        response: { 200: Envelope(VehicleDetail) },
      },
    },
    async (req) => ok(await vehicleDetail(db(), actorOf(req), req.params.id)),
  );

  r.get(
    '/vehicle/list',
    {
      config: { auth: ['read', 'Vehicle'] },
      schema: {
        tags,
        summary: 'Options of the vehicle form: branch as [value, name], status, type',
        response: { 200: Envelope(VehicleListOptions) },
      },
    },
    async (req) => ok(await vehicleListOptions(db(), actorOf(req))),
  );

  r.get(
    '/vehicle/gettable',
    {
      config: { auth: ['read', 'Vehicle'] },
      schema: {
        tags,
        summary: 'Vehicle table (filters branch, status, type with ทั้งหมด first)',
        querystring: TableQuery,
        response: { 200: Table(Vehicle, VehicleTableFilter) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { page, perPage, offset } = pageOf(req.query);
      const { rows, total } = await vehicleTable(db(), actor, req.query, perPage, offset);
      return table(rows, await vehicleTableFilter(db(), actor), page, perPage, total);
    },
  );

  r.get(
    '/vehicle/expenses/gettable',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'Expenses of vehicles (filters branch and list_expenses; optionally one vehicle and a date range)',
        querystring: VehicleExpensesQuery,
        response: {
          200: Table(Expense, Type.Object({ branch: Type.Array(Option), list_expenses: Type.Array(Option) }), {
            totals: Type.Object({ value: Type.String() }),
          }),
        },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const res = await vehicleExpenseTable(db(), actorOf(req), req.query, perPage, offset);
      return { ...table(res.rows, res.filter, page, perPage, res.total), totals: { value: res.sum } };
    },
  );

  r.get(
    '/vehicle/reminders',
    {
      config: { auth: ['read', 'Vehicle'] },
      schema: {
        tags,
        summary: 'Every vehicle date due within the configured days or overdue (head office: all branches)',
        querystring: RemindersQuery,
        response: { 200: Envelope(Type.Array(Reminder)) },
      },
    },
    async (req) => ok(await reminders(db(), actorOf(req), { branch: req.query.branch })),
  );

  r.get(
    '/vehicle/reminders/count',
    {
      config: { auth: ['read', 'Vehicle'] },
      schema: {
        tags,
        summary: 'How many reminders (the header badge)',
        response: { 200: Envelope(ReminderCount) },
      },
    },
    async (req) => ok(await reminderCount(db(), actorOf(req))),
  );

  const RulesAnswer = Envelope(Type.Object({ current: FleetRules, history: Type.Array(FleetRules) }));
  r.get(
    '/vehicle/rules',
    {
      config: { auth: ['read', 'Vehicle'] },
      schema: {
        tags,
        summary: 'The fleet rules in force (reminder days, late-tax rate, ตรอ. ages) and their dated history',
        response: { 200: RulesAnswer },
      },
    },
    async () => ok(await getRules(db())),
  );

  r.put(
    '/vehicle/rules/update',
    {
      config: { auth: ['manage', 'Vehicle'] },
      schema: {
        tags,
        summary: 'Set the fleet rules from a date (head office)',
        body: FleetRules,
        response: { 200: RulesAnswer },
      },
    },
    async (req) => ok(await saveRules(db(), actorOf(req), req.body, req.id), 'บันทึกเกณฑ์แจ้งเตือนยานพาหนะเรียบร้อยแล้ว'),
  );
}
