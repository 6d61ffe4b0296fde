/** The market's pages (spec §2), named once: its manifest, its links and see-for-me's scene use. */
export const marketPaths = {
  market: '/market',
  sceneAdd: '/market/scene/add',
  sceneEdit: '/market/scene/:id',
  use: '/market/use/:id',
} as const;
