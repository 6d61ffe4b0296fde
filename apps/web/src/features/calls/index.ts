// what other features use of the calls feature: its pages' paths (the volunteer home, the call from a result)
export { CALL_SHARING_LAST, callsPaths } from './paths.ts';
