/**
 * Query keys, made by factories so that a list and the code that invalidates it cannot drift apart.
 * A table's key starts with ['table', endpoint]: invalidating tableKeys.of('/payment/gettable') refreshes
 * every page and filter of that list. Each feature's queries.ts/api.ts builds its keys from these.
 */
export const tableKeys = {
  all: ['table'] as const,
  of: (endpoint: string) => ['table', endpoint] as const,
  list: (endpoint: string, query: Record<string, unknown>) => ['table', endpoint, query] as const,
};

/** One record read by its prefix (CrudDetail): ['record', 'course', 12]. */
export const recordKeys = {
  of: (prefix: string) => ['record', prefix] as const,
  one: (prefix: string, id: number | string | null) => ['record', prefix, id] as const,
};

/**
 * The vehicle keys another feature refreshes too (an expense changes a vehicle's costs and its renewals): here, so
 * that expenses need not import the vehicles feature that imports them.
 */
export const vehicleSharedKeys = {
  one: (id: number | null) => ['vehicle', id] as const,
  reminders: ['vehicle-reminders'] as const,
};

/**
 * The approval requests' keys: a payment voided or an application refunded makes a request, so payments and
 * applications refresh these; they live here so that those features need not import approvals, which imports them.
 */
export const approvalKeys = {
  table: tableKeys.of('/request/gettable'),
  pendingCount: ['/request/pending-count'] as const,
};

/**
 * What a new application offers (courses, fees, promotions of a branch): read by the applications and by the
 * lessons' check-in desk, refreshed by the catalog. Here so that lessons need not import applications, which
 * imports lessons.
 */
export const registerOptionsKeys = {
  all: ['application', 'register-options'] as const,
  of: (branch: number | null) => ['application', 'register-options', branch] as const,
};

export const settingsKeys = { get: ['settings'] as const };
export const fileKeys = {
  one: (fileId: string | null | undefined) => ['file', fileId] as const,
  limits: ['files-limits'] as const,
};
export const meKeys = { me: ['me'] as const };
