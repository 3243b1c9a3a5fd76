/** A person's name as the screens show it: prefix and first name, then the surname ("นายสมชาย ใจดี"). */
export function fullName(
  u: { prefix?: string | null; fname?: string | null; sname?: string | null } | null | undefined,
): string {
  if (!u) return '';
  return [`${u.prefix ?? ''}${u.fname ?? ''}`, u.sname ?? ''].filter(Boolean).join(' ');
}
