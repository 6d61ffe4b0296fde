import { VERBOSITY_LEVELS } from '@sfm/protocol';
import { DEFAULT_SCENES, OPERATION_MODES } from '@sfm/protocol/account';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_NS } from '../../i18n/settings/index.ts';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { readSpeechEngine, readSpeechVolume, speechOutput } from '../speech/index.ts';
import { cameraChoices, engineChoices, voiceChoices, type Choice } from './choices.ts';
import {
  pullServerSettings,
  readLocalSettings,
  readSwitch,
  saveSetting,
  saveSwitch,
  saveVolume,
  type SettingKey,
  type SwitchKey,
} from './local-settings.ts';
import { SelectField } from './select-field.tsx';
import { SpeechRateField } from './speech-rate-field.tsx';
import { SwitchField } from './switch-field.tsx';

const keyed = (values: readonly string[], prefix: string): Choice[] =>
  values.map((value) => ({ value, labelKey: `${prefix}.${value}` }));

const readSwitches = (): Record<SwitchKey, boolean> => ({
  savePhoto: readSwitch('savePhoto'),
  vibrateOnDanger: readSwitch('vibrateOnDanger'),
});

/** 10 %, 20 %, … 100 % (no 0: a blind user who mutes the app cannot hear how to undo it). */
const VOLUMES: readonly number[] = Array.from({ length: 10 }, (_, i) => (i + 1) / 10);
/** The listed volume nearest to the stored one (another device may have stored any 0–1). */
const listedVolume = (volume: number) => String(Math.max(0.1, Math.round(volume * 10) / 10));

/** /operation-settings: how the app is operated and how it speaks; every change applies at once. */
export function OperationSettingsPage() {
  const { t } = useTranslation(SETTINGS_NS);
  const announce = useAnnounce();
  const [settings, setSettings] = useState(readLocalSettings);
  const [switches, setSwitches] = useState(readSwitches);
  const [volume, setVolume] = useState(readSpeechVolume);
  const [voices, setVoices] = useState<Choice[]>([]);
  const [cameras, setCameras] = useState<Choice[]>([]);
  const operateId = useId();
  const speechId = useId();
  const cameraId = useId();

  useEffect(() => {
    const abort = new AbortController();
    void pullServerSettings(abort.signal).then((pulled) => {
      if (!pulled || abort.signal.aborted) return;
      setSettings(readLocalSettings());
      setSwitches(readSwitches());
      setVolume(readSpeechVolume());
    });
    void voiceChoices().then((list) => !abort.signal.aborted && setVoices(list));
    void cameraChoices((n) => t('cameraNumbered', { n })).then(
      (list) => !abort.signal.aborted && setCameras(list),
    );
    return () => abort.abort();
  }, [t]);

  const change = (key: SettingKey, value: string, label: string) => {
    setSettings((s) => ({ ...s, [key]: value }));
    void saveSetting(key, value);
    announce(t('saved', { name: t(`${key}`), value: label }));
  };
  const toggle = (key: SwitchKey, on: boolean) => {
    setSwitches((s) => ({ ...s, [key]: on }));
    void saveSwitch(key, on);
    const name = t(`${key}`);
    announce(t(on ? 'switchOn' : 'switchOff', { name }));
  };
  const switchField = (key: SwitchKey) => (
    <SwitchField
      label={t(`${key}`)}
      hint={t(`${key}Hint`)}
      checked={switches[key]}
      onChange={(on) => toggle(key, on)}
    />
  );
  const labelOf = (choices: readonly Choice[], value: string) => {
    const c = choices.find((x) => x.value === value);
    return c?.labelKey ? t(c.labelKey) : (c?.label ?? value);
  };
  const volumes: Choice[] = VOLUMES.map((v) => ({
    value: String(v),
    label: t('volumeOption', { percent: Math.round(v * 100) }),
  }));
  // the confirmation is spoken at the new volume: the user hears the change as they make it
  const changeVolume = (value: string) => {
    setVolume(Number(value));
    void saveVolume(Number(value));
    announce(t('saved', { name: t('volume'), value: labelOf(volumes, value) }));
  };
  const field = (key: SettingKey, choices: readonly Choice[], fallback: string, hint?: string) => (
    <SelectField
      label={t(`${key}`)}
      hint={hint}
      value={settings[key] ?? fallback}
      choices={choices}
      onChange={(value) => change(key, value, labelOf(choices, value))}
    />
  );

  const modes = keyed(OPERATION_MODES, 'modes');
  const scenes = keyed(DEFAULT_SCENES, 'scenes');
  const verbosities = keyed(VERBOSITY_LEVELS, 'verbosityLevels');
  const engines = engineChoices();
  const voiceList: Choice[] = [{ value: '', labelKey: 'voiceDefault' }, ...voices];
  const cameraList: Choice[] = [{ value: '', labelKey: 'cameraAuto' }, ...cameras];

  return (
    <Page title={t('pages.operationSettings')} className="operation-settings">
      <section className="card" aria-labelledby={operateId}>
        <h2 id={operateId}>{t('operateTitle')}</h2>
        {field('operationMode', modes, 'accessible', t('operationModeHint'))}
        {field('defaultScene', scenes, 'realtime', t('defaultSceneHint'))}
        {field('verbosity', verbosities, 'brief', t('verbosityHint'))}
        {switchField('vibrateOnDanger')}
      </section>

      <section className="card" aria-labelledby={speechId}>
        <h2 id={speechId}>{t('speechTitle')}</h2>
        {field('speechEngine', engines, settings.speechEngine ?? readSpeechEngine())}
        {field('selectedVoice', voiceList, '', t('selectedVoiceHint'))}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void speechOutput.speak(t('voiceSample'))}
        >
          {t('tryVoice')}
        </button>
        <SpeechRateField />
        <SelectField
          label={t('volume')}
          hint={t('volumeHint')}
          value={listedVolume(volume)}
          choices={volumes}
          onChange={changeVolume}
        />
      </section>

      <section className="card" aria-labelledby={cameraId}>
        <h2 id={cameraId}>{t('cameraTitle')}</h2>
        {field('mainCameraDeviceId', cameraList, '', t('mainCameraDeviceIdHint'))}
        {switchField('savePhoto')}
      </section>
    </Page>
  );
}
