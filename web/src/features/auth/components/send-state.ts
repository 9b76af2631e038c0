/** The state of the "send a code" button, from the send mutation. */
export const sendStateOf = (send: { isPending: boolean; isError: boolean; isSuccess: boolean }) =>
  send.isPending ? 'pending' : send.isError ? 'error' : send.isSuccess ? 'sent' : 'idle';
