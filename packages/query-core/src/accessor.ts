/** A function that returns the current value, read again whenever the framework tracks a change (Solid, Svelte 5). */
export type Accessor<T> = () => T;
