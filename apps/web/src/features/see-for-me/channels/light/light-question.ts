/**
 * Questions the light channel answers ("灯开着吗", "亮不亮", "开灯了吗", "is the light on"). Matched
 * loosely: spaces and punctuation do not matter, a few ways of asking in each language do.
 */
const ASKS_ABOUT_LIGHT = [
  /灯.*(开|亮|关)/,
  /开.*灯/,
  /亮不亮|暗不暗|黑不黑|亮吗|暗吗|有光|光线/,
  /\blights?\b.*\b(on|off)\b/i,
  /\b(is it|how) (bright|dark)\b/i,
  /\blight level\b/i,
];

export const asksAboutLight = (question: string): boolean =>
  ASKS_ABOUT_LIGHT.some((pattern) => pattern.test(question));
