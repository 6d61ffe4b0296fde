/** zh-CN texts of the home page (namespace `home`). */
export const homeZhCN = {
  title: '帮我看看',
  slogan: '让 AI 和志愿者做您的眼睛',
  welcome:
    '欢迎使用帮我看看。打开摄像头，AI 会为您描述周围环境、朗读文字、回答您的问题；需要时，还可以请志愿者通过视频帮您看一看。',
  tryNow: '立即体验',
  download: '下载 App',
};
