import { DEFAULT_SCENES, OPERATION_MODES } from '@sfm/protocol';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../../ui/announcer.tsx';
import { Page } from '../../ui/page.tsx';
import { readSpeechEngine, speechOutput } from '../speech/index.ts';
import { cameraChoices, engineChoices, voiceChoices, type Choice } from './choices.ts';
import {
  pullServerSettings,
  readLocalSettings,
  readSwitch,
  saveSetting,
  saveSwitch,
  type SettingKey,
} from './local-settings.ts';
import { SelectField } from './select-field.tsx';
import { SpeechRateField } from './speech-rate-field.tsx';

const keyed = (values: readonly string[], prefix: string): Choice[] =>
  values.map((value) => ({ value, labelKey: `${prefix}.${value}` }));

/** /operation-settings: how the app is operated and how it speaks; every change applies at once. */
export function OperationSettingsPage() {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const [settings, setSettings] = useState(readLocalSettings);
  const [savePhoto, setSavePhoto] = useState(() => readSwitch('savePhoto'));
  const [voices, setVoices] = useState<Choice[]>([]);
  const [cameras, setCameras] = useState<Choice[]>([]);
  const operateId = useId();
  const speechId = useId();
  const cameraId = useId();
  const savePhotoHintId = useId();

  useEffect(() => {
    const abort = new AbortController();
    void pullServerSettings(abort.signal).then((pulled) => {
      if (!pulled || abort.signal.aborted) return;
      setSettings(readLocalSettings());
      setSavePhoto(readSwitch('savePhoto'));
    });
    void voiceChoices().then((list) => !abort.signal.aborted && setVoices(list));
    void cameraChoices((n) => t('personal.settings.cameraNumbered', { n })).then(
      (list) => !abort.signal.aborted && setCameras(list),
    );
    return () => abort.abort();
  }, [t]);

  const change = (key: SettingKey, value: string, label: string) => {
    setSettings((s) => ({ ...s, [key]: value }));
    void saveSetting(key, value);
    announce(t('personal.settings.saved', { name: t(`personal.settings.${key}`), value: label }));
  };
  const switchSavePhoto = (on: boolean) => {
    setSavePhoto(on);
    void saveSwitch('savePhoto', on);
    const name = t('personal.settings.savePhoto');
    announce(t(on ? 'personal.settings.switchOn' : 'personal.settings.switchOff', { name }));
  };
  const labelOf = (choices: readonly Choice[], value: string) => {
    const c = choices.find((x) => x.value === value);
    return c?.labelKey ? t(c.labelKey) : (c?.label ?? value);
  };
  const field = (key: SettingKey, choices: readonly Choice[], fallback: string, hint?: string) => (
    <SelectField
      label={t(`personal.settings.${key}`)}
      hint={hint}
      value={settings[key] ?? fallback}
      choices={choices}
      onChange={(value) => change(key, value, labelOf(choices, value))}
    />
  );

  const modes = keyed(OPERATION_MODES, 'personal.settings.modes');
  const scenes = keyed(DEFAULT_SCENES, 'personal.settings.scenes');
  const engines = engineChoices();
  const voiceList: Choice[] = [{ value: '', labelKey: 'personal.settings.voiceDefault' }, ...voices];
  const cameraList: Choice[] = [{ value: '', labelKey: 'personal.settings.cameraAuto' }, ...cameras];

  return (
    <Page title={t('pages.operationSettings')} className="operation-settings">
      <section className="card" aria-labelledby={operateId}>
        <h2 id={operateId}>{t('personal.settings.operateTitle')}</h2>
        {field('operationMode', modes, 'accessible', t('personal.settings.operationModeHint'))}
        {field('defaultScene', scenes, 'realtime', t('personal.settings.defaultSceneHint'))}
      </section>

      <section className="card" aria-labelledby={speechId}>
        <h2 id={speechId}>{t('personal.settings.speechTitle')}</h2>
        {field('speechEngine', engines, settings.speechEngine ?? readSpeechEngine())}
        {field('selectedVoice', voiceList, '', t('personal.settings.selectedVoiceHint'))}
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void speechOutput.speak(t('personal.settings.voiceSample'))}
        >
          {t('personal.settings.tryVoice')}
        </button>
        <SpeechRateField />
      </section>

      <section className="card" aria-labelledby={cameraId}>
        <h2 id={cameraId}>{t('personal.settings.cameraTitle')}</h2>
        {field('mainCameraDeviceId', cameraList, '', t('personal.settings.mainCameraDeviceIdHint'))}
        <div className="field">
          <label className="check">
            <input
              type="checkbox"
              className="check__box"
              checked={savePhoto}
              aria-describedby={savePhotoHintId}
              onChange={(e) => switchSavePhoto(e.target.checked)}
            />
            <span className="field__label">{t('personal.settings.savePhoto')}</span>
          </label>
          <p id={savePhotoHintId} className="field__hint">
            {t('personal.settings.savePhotoHint')}
          </p>
        </div>
      </section>
    </Page>
  );
}
