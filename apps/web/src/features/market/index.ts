// what other features use of the market: its pages' paths (see-for-me's scene use)
export { marketPaths } from './paths.ts';
