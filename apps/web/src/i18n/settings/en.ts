import type { Texts } from '../texts.ts';
import type { settingsZhCN } from './zh-CN.ts';

/** English texts of the operation settings page. */
export const settingsEn: Texts<typeof settingsZhCN> = {
  operateTitle: 'How you operate',
  speechTitle: 'Speech',
  cameraTitle: 'Camera',
  operationMode: 'Operation mode',
  operationModeHint:
    'Accessible: Enter or Space acts, with spoken confirmations. Quick: on See for me, hold the screen to stop speech at once.',
  modes: { accessible: 'Accessible', quick: 'Quick' },
  defaultScene: 'Default scene',
  defaultSceneHint: 'The scene See for me opens with',
  scenes: { realtime: 'Real-time', dialogue: 'Dialogue' },
  verbosity: 'Answer length',
  verbosityHint:
    'Brief: the most important sentence or two first, the whole answer on screen and one tap on “Read on” away. Detailed: everything is read.',
  verbosityLevels: { brief: 'Brief', detailed: 'Detailed' },
  speechEngine: 'Speech engine',
  engines: { cloud: 'Cloud voice', native: 'System voice', other: 'Browser voice' },
  selectedVoice: 'Voice',
  selectedVoiceHint: 'The voice of the cloud engine',
  voiceDefault: 'Default voice',
  tryVoice: 'Try this voice',
  voiceSample: 'Hello, this is how See for me sounds now.',
  mainCameraDeviceId: 'Main camera',
  mainCameraDeviceIdHint: 'The camera photos are taken with; automatic uses the rear camera',
  cameraAuto: 'Automatic (rear camera)',
  cameraNumbered: 'Camera {{n}}',
  saved: '{{name}} set to {{value}}',
  savePhoto: 'Save photos after analysis',
  savePhotoHint: 'After each analysis the full photo goes to the album; on the web it is downloaded',
  switchOn: '{{name}} turned on',
  switchOff: '{{name}} turned off',
  volume: 'Volume',
  volumeHint: 'How loud speech and sounds are',
  volumeOption: '{{percent}}%',
  vibrateOnDanger: 'Vibrate on danger',
  vibrateOnDangerHint:
    'When See for me finds a danger such as a car or a crossing, the phone vibrates as well as speaking',
  speechRate: 'Speech rate',
  speechRateOption: '{{rate}}×',
  speechRateSaved: 'Speech rate set to {{rate}}×',
};
