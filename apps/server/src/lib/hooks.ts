/**
 * Hooks a lower module runs and the modules above it register when they load (modules/index.ts loads every module's
 * index.ts), so the lower module never imports them: each hook is awaited in turn, in the caller's transaction (one
 * after the other: the connection may be a transaction's single client), and a hook that throws rolls it all back.
 */
export type Hook<A extends unknown[]> = (...args: A) => Promise<void>;

export function hookList<A extends unknown[]>() {
  const hooks = new Set<Hook<A>>();
  return {
    add: (hook: Hook<A>) => {
      hooks.add(hook);
    },
    run: async (...args: A) => {
      for (const hook of hooks) await hook(...args);
    },
  };
}
