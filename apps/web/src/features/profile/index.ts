export { ProfileLinksContext } from './profile-links.ts';
