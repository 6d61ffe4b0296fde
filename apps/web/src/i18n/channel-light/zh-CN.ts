/** The light channel's words: the levels, the level said on a tap, the answers to "灯开着吗". */
export const channelLightZhCN = {
  levels: {
    veryDark: '很暗',
    dark: '较暗',
    moderate: '适中',
    bright: '很亮',
  },
  level: '光线{{level}}',
  answers: {
    on: '灯应该开着，光线{{level}}',
    off: '灯好像没开，光线{{level}}',
    unsure: '不确定灯是否开着，光线{{level}}',
  },
};
