/** zh-CN labels of the download page and the update prompts (spec §2, §4, §8), namespace `download`. */
export const downloadZhCN = {
  intro: '选择适合您手机的版本。',
  android: {
    heading: '安卓版',
    version: '版本 {{name}}（构建 {{code}}）',
    download: '下载安卓版',
    copyLink: '复制下载链接',
    copied: '下载链接已复制，请在浏览器中打开下载',
    qrLabel: '安卓版下载二维码，用手机扫码即可下载：{{url}}',
    qrHint: '用安卓手机扫描二维码下载',
    downloading: '开始下载安卓版',
    none: '安卓版还没有发布，发布后会在这里提供下载。',
  },
  ios: {
    heading: 'iOS 版',
    appStore: '前往 App Store 下载',
    none: 'iOS 版还没有上架 App Store。',
  },
  checking: '正在查询最新版本…',
  changelog: {
    heading: '更新日志',
    loading: '正在加载更新日志…',
    empty: '暂无更新说明',
  },
  errors: {
    invalidAddress: '下载地址无效',
    copyFailed: '复制失败，请手动复制下载链接：{{url}}',
    downloadFailed: '下载失败，请稍后重试',
    updateDownloadFailed: '下载更新失败，请稍后重试或手动访问下载地址',
  },
  update: {
    title: '发现新版本 {{name}}',
    forced: '当前版本已停止支持，请更新后继续使用。',
    notes: '更新内容',
    iosAsk: '是否前往 App Store 更新？',
    androidAsk: '复制下载链接，在浏览器中打开即可下载新版本。',
    goToStore: '前往 App Store',
    copyLink: '复制下载链接',
    later: '以后再说',
  },
} as const;
