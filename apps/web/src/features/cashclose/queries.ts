export const cashCloseKeys = {
  all: ['cash-close'] as const,
  day: (branch: number | string | null | undefined, date: string) => ['cash-close', branch, date] as const,
};
