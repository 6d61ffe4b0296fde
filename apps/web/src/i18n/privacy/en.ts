import type { Texts } from '../texts.ts';
import type { privacyZhCN } from './zh-CN.ts';

export const privacyEn: Texts<typeof privacyZhCN> = {
  title: 'Privacy policy',
  updated: 'Last updated: 1 January 2025',
  intro:
    'See for me ("we") is an app that gives visual help to blind and low-vision people. We take your privacy seriously. This policy explains what we collect, why, how we use and keep it, and what rights you have.',
  sections: [
    {
      title: '1. What we collect',
      paragraphs: [
        'Account data: the phone number you register or log in with, your password (stored only as an irreversible hash), an optional nickname, the role you choose (help-seeker or volunteer) and your speech-rate preference.',
        'Photos and camera frames: when you use See for me or the scene market, the frames your camera takes, or images you pick from your album, are sent to our server for analysis.',
        'Audio: when you ask by voice, dictate or use conversation mode, the sound recorded by your microphone is sent to a speech recognition service and turned into text.',
        'Device id: to tell devices apart when you are not logged in and to prevent abuse, we generate a random device id on your device and keep it in local storage and a cookie.',
        'Usage records: points history, video help call records, and the access logs needed to keep the service secure (never containing photos, recordings, tokens or passwords).',
      ],
    },
    {
      title: '2. Why we use it',
      paragraphs: [
        'Your phone number and password let you log in and protect your account; a verification code only proves you control the phone number.',
        'Photos are used to describe scenes, read text and answer your questions; audio is used to understand what you say. Results are read aloud to you.',
        'The device id identifies devices that are not logged in and limits abuse; it is never used for advertising.',
        'We do not use your data for advertising and we never sell it.',
      ],
    },
    {
      title: '3. Camera and microphone permissions',
      paragraphs: [
        'We ask for camera and microphone permission only after you have read and accepted this policy, and only when you use a feature that needs them. We explain why before each request.',
        'You can turn these permissions off at any time in your browser or system settings; the features that need them then stop working, everything else keeps working.',
      ],
    },
    {
      title: '4. Third-party services',
      paragraphs: [
        'If the operator has configured a third-party AI service (for example Alibaba Cloud Model Studio DashScope for Qwen vision, speech synthesis and speech recognition), the photos, audio or text you send are passed to that provider to be analysed. Without one, analysis runs on our own server.',
        'During a video help call your picture and sound are streamed live to the volunteer who answers.',
        'Apart from these cases and what the law requires, we do not share your personal data with third parties.',
      ],
    },
    {
      title: '5. How long we keep it',
      paragraphs: [
        'Recordings are processed only as long as recognition needs them and are not kept afterwards. Photos are kept for at most 24 hours after the analysis, visible only to you (so features such as chat can show them again), and are then deleted automatically, unless you save them to your album or chat history. Chat history stays on your device.',
        'Account data is kept while your account exists; after you delete your account we delete or anonymise it within 30 days.',
        'Access logs are kept for at most 6 months to investigate faults and keep the service secure.',
      ],
    },
    {
      title: '6. Your rights',
      paragraphs: [
        'You can see and change your nickname, role and speech rate in the personal centre.',
        'You can log out at any time, and you can contact us to delete your account and your personal data.',
        'You can withdraw your consent at any time by clearing this site\u2019s data or uninstalling the app; features that need the permissions then stop working.',
      ],
    },
    {
      title: '7. Children',
      paragraphs: ['Children under 14 should use the app only with a parent or guardian who agrees.'],
    },
    {
      title: '8. Contact us',
      paragraphs: [
        'If you have any question, comment or request about this policy or your personal data, reach us through the Contact us page; we answer within 15 working days.',
      ],
    },
  ],
};
