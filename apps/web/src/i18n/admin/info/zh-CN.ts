/** zh-CN labels of the back office's feedback page (namespace `info-admin`). */
export const infoAdminZhCN = {
  statusLabel: '显示',
  status: { open: '待回复', answered: '已回复' },
  at: '提交时间',
  phone: '手机号',
  category: '类型',
  categories: { problem: '遇到问题', suggestion: '功能建议', praise: '表扬', other: '其他' },
  text: '内容',
  reply: '回复',
  replyLabel: '回复 {{phone}} 的反馈',
  send: '发送回复',
  sent: '回复已发送',
  empty: '没有反馈',
  consent: '同意联系',
  photo: '附图',
  photoAlt: '用户随反馈附上的截图或照片',
};
