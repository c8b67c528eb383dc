/** The actions of a store's state (its functions), without its data: what a module outside the slice may call. */
export type ActionsOf<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? K : never]: T[K] };
