/** The warnings a member was given after reports about their calls, which the personal centre shows. */
export { CallWarnings } from './call-warnings.tsx';
