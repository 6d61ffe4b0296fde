/** The info feature's public face: the user's feedback and replies, which the personal centre shows. */
export { MyFeedback } from './my-feedback-list.tsx';
