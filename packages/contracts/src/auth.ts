/** Sign-in: login, refresh and logout bodies, and the session the server answers. */
import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

export const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 100 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;
export const RefreshBody = Type.Object(
  { refreshToken: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export const LogoutBody = Type.Object(
  { refreshToken: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

export const Ability = Type.Object({ action: Type.String(), subject: Type.String() });
export type Ability = Static<typeof Ability>;

/** Who is signed in, as the web keeps it (localStorage userData). */
export const UserData = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  prefix: Nullable(Type.String()),
  fname: Type.String(),
  sname: Nullable(Type.String()),
  nickname: Nullable(Type.String()),
  photo: Nullable(Type.String()),
  role: Type.Object({ role_id: Type.Integer(), slug: Type.String(), name: Type.String() }),
  role_id: Type.Integer(),
  branch_id: Type.Integer(),
  branch_name: Type.String(),
  all_branches: Type.Boolean(),
  /** the seeded demo school (a try-out, not real books): the layout shows a banner */
  demo: Type.Optional(Type.Boolean()),
});
export type UserData = Static<typeof UserData>;

export const Session = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  userData: UserData,
  ability: Type.Array(Ability),
});
export type Session = Static<typeof Session>;
