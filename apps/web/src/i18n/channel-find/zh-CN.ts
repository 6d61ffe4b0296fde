/** 寻物's words: the things it finds, its picker, what it says of a sighting, and the words it is asked by. */
export const channelFindZhCN = {
  things: {
    cup: '杯子',
    bottle: '瓶子',
    phone: '手机',
    chair: '椅子',
    person: '人',
    book: '书',
    laptop: '笔记本电脑',
    backpack: '背包',
  },
  choose: '要找的东西（钥匙和门认不出）',
  searching: '正在找{{thing}}',
  started: '开始找{{thing}}',
  at: '{{thing}}在你的{{clock}}，{{distance}}',
  notFound: '还没找到{{thing}}',
  unfindable: {
    keys: '钥匙太小，还认不出，可以找{{things}}',
    door: '门还认不出，可以找{{things}}',
  },
  listJoin: '、',
  askedFor: {
    cup: ['杯子', '水杯', '茶杯', '玻璃杯', '杯'],
    bottle: ['瓶子', '水瓶', '瓶'],
    phone: ['手机', '电话'],
    chair: ['椅子', '凳子', '座位'],
    person: ['人'],
    book: ['书', '书本', '课本'],
    laptop: ['笔记本电脑', '电脑', '笔记本'],
    backpack: ['背包', '书包', '双肩包'],
  },
  unfindableAskedFor: {
    keys: ['钥匙'],
    door: ['门'],
  },
};
