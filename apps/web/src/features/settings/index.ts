/** The settings feature's public face: the speech-rate control the personal centre shows too. */
export { SpeechRateField, SPEECH_RATES } from './speech-rate-field.tsx';
