/** 周围的人's words: how many, where each is, which way their face is turned. Never who anyone is. */
export const channelPeopleZhCN = {
  none: '附近没有看到人',
  count: {
    1: '一个人',
    2: '两个人',
    3: '三个人',
    4: '四个人',
    5: '五个人',
    6: '六个人',
    7: '七个人',
    8: '八个人',
    9: '九个人',
    10: '十个人',
  },
  countMany: '{{count}}个人',
  one: '一个人，在{{clock}}，{{distance}}{{details}}',
  few: '{{count}}：{{people}}',
  crowd: '{{count}}，最近的：{{people}}',
  each: '一个在{{clock}}，{{distance}}{{details}}',
  join: '；',
  facing: {
    toward: '，面向你',
    aside: '，侧着脸',
  },
  smiling: '，在微笑',
  noIdentity: '不会识别是谁。{{report}}',
};
