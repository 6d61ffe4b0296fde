/** zh-CN texts of third-party login: the login page's button and the callback page. */
export const socialLoginZhCN = {
  or: '或',
  button: '使用{{provider}}登录',
  starting: '正在前往{{provider}}登录…',
  finishing: '正在完成第三方登录…',
  backToLogin: '返回登录页',
  bindPhone: '绑定手机号',
  phoneBound: '手机号已绑定',
};
