import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** True once the page runs with JavaScript: controls that only work with it render from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
