import type { SceneIcon as SceneIconName } from '@sfm/protocol/market';
import { useTranslation } from 'react-i18next';
import { MARKET_NS } from '../../i18n/market/index.ts';

/** The picture of each icon of the fixed set; its spoken name comes from i18n (`icons.*`). */
export const ICON_GLYPHS: Readonly<Record<SceneIconName, string>> = {
  medicine: '💊',
  calendar: '📅',
  money: '💴',
  bus: '🚌',
  menu: '📋',
  shirt: '👕',
  door: '🚪',
  screen: '🖥️',
  text: '📝',
  food: '🍱',
  sign: '🪧',
  eye: '👁️',
};

/** A scene's icon: an image with its spoken name, or decoration beside a text that already says it. */
export function SceneIcon({ icon, decorative = false }: { icon: SceneIconName; decorative?: boolean }) {
  const { t } = useTranslation(MARKET_NS);
  return decorative ? (
    <span className="scene-icon" aria-hidden="true">
      {ICON_GLYPHS[icon]}
    </span>
  ) : (
    <span className="scene-icon" role="img" aria-label={t('card.icon', { name: t(`icons.${icon}`) })}>
      {ICON_GLYPHS[icon]}
    </span>
  );
}
