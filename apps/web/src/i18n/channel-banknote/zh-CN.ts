/** The banknote channel's words (纸币 mode): the value read, the doubt and its advice, the cloud's answer. */
export const channelBanknoteZhCN = {
  value: '{{value}}元',
  doubt: {
    noNumeral: '不确定，没有看清面额数字。把纸币放平、对准，光线亮一点',
    weak: '不确定。把纸币放平、对准，光线亮一点',
    colourContradicts: '不确定。把纸币放平、对准，光线亮一点',
    conflict: '不确定，看到不止一种面额。请一次只拿一张纸币',
    foreign: '不确定，这好像不是人民币',
  },
  noNote: '没有看到纸币。把纸币放平、对准，光线亮一点',
  unavailable: '纸币识别暂时无法使用',
  cloudSays: '云端识别：{{text}}',
  cloudPrompt:
    '照片里如果有一张纸币，请只说出它的币种和面额，例如“100元人民币”或“20美元”。只在清楚看到面额数字时回答；看不清、有多张不同的纸币或不是纸币时，只回答“不确定”。不要猜测，也不要描述其他内容。',
};
