// what other features use of the points feature: its pages' paths (recharge links)
export { pointsPaths } from './paths.ts';
