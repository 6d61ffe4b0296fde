/** The personal centre's points card (total, VIP state, links): small, so not lazy. */
export { PointsSummary } from './points-summary.tsx';
