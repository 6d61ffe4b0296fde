/** zh-CN texts of the role choice page (namespace `role-select`). */
export const roleSelectZhCN = {
  title: '选择您的身份',
  intro: '请选择您使用帮我看看的方式，之后可以在个人中心更改。',
  seeker: '我需要视觉帮助',
  seekerDescription: '通过摄像头获得 AI 描述，或请志愿者通过视频帮您看一看。',
  volunteer: '我是志愿者',
  volunteerDescription: '接听视障朋友的视频求助，用您的眼睛帮他们看一看。',
  current: '当前身份：{{role}}',
  saving: '正在保存…',
  chosen: '已选择：{{role}}',
};
