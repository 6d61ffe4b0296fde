/** The rooms calls are told through (on every node with the Redis adapter). */
export const rooms = {
  /** The sockets on which a volunteer is available to be rung. */
  available: (userId: string) => `available:${userId}`,
  /** The sockets ringing for a call. */
  ring: (callId: string) => `ring:${callId}`,
  /** The two members of a connected call: the only sockets its signalling reaches. */
  call: (callId: string) => `call:${callId}`,
  /** Every online operator. */
  operators: 'operators',
} as const;
