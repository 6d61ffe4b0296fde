/** The on-device detector's shared words (寻物 and 周围的人): clock directions, rough distances, its notices. */
export const channelDetectorZhCN = {
  preparing: '正在准备识别…',
  clock: {
    9: '九点钟方向',
    10: '十点钟方向',
    11: '十一点钟方向',
    12: '十二点钟方向',
    1: '一点钟方向',
    2: '两点钟方向',
    3: '三点钟方向',
  },
  distance: {
    close: '就在眼前',
    half: '大约半米',
    1: '大约一米',
    2: '大约两米',
    3: '大约三米',
    4: '大约四米',
    5: '大约五米',
    far: '五米以外',
  },
  slowDevice: '这台设备识别较慢，提示会慢一些。需要时可以直接提问，由服务器回答，会消耗点数',
};
