/** The instant text channel's words (短文本 mode); the text it reads is the world's, not these. */
export const channelTextZhCN = {
  unavailable: '暂时无法识别文字，请稍后再试',
};
