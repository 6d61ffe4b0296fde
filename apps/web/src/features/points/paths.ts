/** The points pages (spec §2), named once: its manifest, its links and other features' links to them. */
export const pointsPaths = {
  logs: '/points-logs',
  recharge: '/points-recharge',
  /** The embedded sandbox gateway's checkout (SANDBOX_CHECKOUT_PATH of the protocol). */
  sandboxCheckout: '/points/sandbox-checkout',
} as const;
