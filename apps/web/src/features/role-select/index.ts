export { roleKey } from './role-words.ts';
