/** A message the API client asked to show the user (its `onAlert` callback). */
export interface AppAlert {
  id: number;
  message: string;
}

/** A small observable list of alerts; the app entry creates one and wires it to the client. */
export interface AlertStore {
  push: (message: string) => void;
  dismiss: (id: number) => void;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly AppAlert[];
}

/** Keeps the latest few alerts; the same message twice in a row is shown once. */
export function createAlertStore(limit = 3): AlertStore {
  let alerts: readonly AppAlert[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    push(message) {
      if (alerts.at(-1)?.message === message) return;
      alerts = [...alerts, { id: nextId++, message }].slice(-limit);
      emit();
    },
    dismiss(id) {
      alerts = alerts.filter((alert) => alert.id !== id);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => alerts,
  };
}
