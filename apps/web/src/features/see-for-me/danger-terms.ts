/** Road and traffic terms that mark a potentially dangerous scene (spec §4 "Danger scenes"). One list. */
const DANGER_TERMS_ZH = [
  '道路',
  '马路',
  '车道',
  '路口',
  '斑马线',
  '人行横道',
  '车辆',
  '汽车',
  '电动车',
  '自行车',
  '摩托车',
  '公交车',
  '卡车',
  '红绿灯',
  '信号灯',
  '车流',
] as const;

const DANGER_TERMS_EN = [
  'road',
  'lane',
  'crossroad',
  'zebra crossing',
  'vehicle',
  'car',
  'e-bike',
  'bicycle',
  'motorcycle',
  'traffic light',
  'traffic flow',
] as const;

// English terms match whole words (plural s/es allowed): "car" in "cars", not in "scarf" or "card".
const englishPattern = new RegExp(
  `\\b(?:${DANGER_TERMS_EN.map((t) => t.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&').replace(/ /g, '\\s+')).join('|')})(?:s|es)?\\b`,
  'i',
);

/** True when the description names a road or traffic thing. */
export function mentionsTraffic(description: string): boolean {
  if (DANGER_TERMS_ZH.some((term) => description.includes(term))) return true;
  return englishPattern.test(description);
}
