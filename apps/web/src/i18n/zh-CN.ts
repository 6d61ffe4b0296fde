/** zh-CN: the spec's wording. Every label and message of the app lives here (and in en.ts). */
export const zhCN = {
  app: {
    name: '帮我看看',
    titleSuffix: ' - 帮我看看',
    loading: '正在加载…',
    skipToMain: '跳到主要内容',
    back: '返回',
  },
  network: {
    timeout: '请求超时，请检查网络连接',
    failed: '网络连接失败，请检查网络设置',
    empty: '服务器返回了空响应',
    invalid: '服务器返回的数据格式有误，请稍后重试',
  },
  session: {
    expired: '登录已过期，请重新登录',
  },
  nav: {
    label: '主导航',
    selectedPrefix: '已选中，',
    aichat: '陪我聊聊',
    market: '帮我看看市场',
    seeForMe: '帮我看看',
    volunteer: '志愿者模式',
    profile: '个人中心',
  },
  home: {
    title: '帮我看看',
    slogan: '让 AI 和志愿者做您的眼睛',
    welcome:
      '欢迎使用帮我看看。打开摄像头，AI 会为您描述周围环境、朗读文字、回答您的问题；需要时，还可以请志愿者通过视频帮您看一看。',
    tryNow: '立即体验',
    download: '下载 App',
    icp: '京ICP备XXXX号',
  },
  privacyGate: {
    title: '隐私政策',
    text: '在使用帮我看看之前，请阅读并同意《隐私政策》。我们只会在您同意之后，并在您使用相关功能时，才请求摄像头和麦克风权限。',
    viewFull: '查看完整隐私政策',
    accept: '我已阅读并同意《隐私政策》',
    decline: '不同意并退出',
    closeBlocked: '浏览器不允许网页自行关闭，请手动关闭此标签页。',
  },
  permission: {
    cameraTitle: '相机和媒体权限说明',
    cameraMessage: '我们需要相机和媒体权限，用于提供拍照识别、相册图片识别等视觉辅助功能',
    microphoneTitle: '麦克风权限说明',
    microphoneMessage: '我们需要麦克风权限，用于提供语音输入等功能',
    cameraDenied: '需要相机权限才能使用此功能，请在系统设置中手动开启后重新进入此页面',
    microphoneDenied: '需要麦克风权限才能使用此功能，请在系统设置中手动开启后重新进入此页面',
  },
  pending: {
    text: '此功能正在建设中，将在后续版本提供。',
    backToSeeForMe: '返回帮我看看',
    backToHome: '返回首页',
  },
  notFound: {
    title: '页面不存在',
    text: '您要访问的页面不存在。',
  },
  pages: {
    download: 'App 下载',
    seeForMe: '帮我看看',
    aichat: '陪我聊聊',
    videoCall: '视频求助',
    volunteerCalls: '志愿者接听',
    pointsLogs: '积分明细',
    help: '帮助',
    donate: '捐助',
    contactUs: '联系我们',
    operationSettings: '操作设置',
    market: '帮我看看市场',
    marketSceneAdd: '添加场景',
    marketSceneEdit: '编辑场景',
    marketUse: '使用场景',
    authCallback: '第三方登录',
    speechDebug: '语音调试',
    adminLogin: '管理员登录',
    adminDashboard: '管理概览',
    adminUsers: '用户管理',
    adminScenes: '场景管理',
    adminPointsConfig: '积分配置',
    adminVersions: '版本管理',
    adminCalls: '通话记录',
    adminSystemCalls: '系统调用',
    adminVideoCall: '管理员视频通话',
  },
  login: {
    titleLogin: '登录',
    titleRegister: '注册',
    tabsLabel: '登录方式',
    tabPassword: '密码登录',
    tabSms: '验证码登录',
    tabRegister: '注册',
    phone: '手机号',
    password: '密码',
    showPassword: '显示密码',
    nickname: '昵称（可选）',
    code: '验证码',
    sendCode: '获取验证码',
    resendIn: '{{s}} 秒后重新获取',
    codeSent: '验证码已发送',
    submitLogin: '登录',
    submitRegister: '注册',
    submittingLogin: '正在登录…',
    submittingRegister: '正在注册…',
    success: '登录成功',
    registerSuccess: '注册成功，已为您登录',
  },
  privacy: {
    title: '隐私政策',
    updated: '更新日期：2025 年 1 月 1 日',
    intro:
      '帮我看看（以下简称“我们”）是一款为视障与低视力用户提供视觉帮助的应用。我们非常重视您的隐私。本政策说明我们收集哪些信息、为什么收集、如何使用和保存，以及您享有的权利。',
    sections: [
      {
        title: '一、我们收集的信息',
        paragraphs: [
          '账号信息：注册或登录时您提供的手机号、您设置的密码（仅以不可逆加密形式保存）和可选的昵称，以及您选择的身份（求助者或志愿者）和语速偏好。',
          '照片与画面：当您使用“帮我看看”、场景市场等功能时，摄像头拍摄的画面或您从相册选择的图片会发送到我们的服务器进行分析。',
          '声音：当您使用语音提问、语音输入或对话模式时，麦克风录制的声音会发送到语音识别服务转换为文字。',
          '设备标识：为了在您未登录时区分设备、防止滥用，我们会在本机生成一个随机设备标识，保存在本地存储和 Cookie 中。',
          '使用记录：积分变动记录、视频求助的通话记录，以及为保障服务安全所必需的访问日志（不含照片、录音、令牌或密码）。',
        ],
      },
      {
        title: '二、我们如何使用这些信息',
        paragraphs: [
          '手机号和密码用于登录和保护您的账号；验证码仅用于验证您对手机号的控制。',
          '照片用于生成场景描述、识别文字和回答您的问题；声音用于识别您说的话。分析结果会朗读给您听。',
          '设备标识用于识别未登录的设备并限制滥用，不用于广告。',
          '我们不会将您的信息用于广告推送，也不会出售您的信息。',
        ],
      },
      {
        title: '三、摄像头与麦克风权限',
        paragraphs: [
          '只有在您阅读并同意本政策之后，并且只有在您使用需要它们的功能时，我们才会请求摄像头和麦克风权限。请求之前会先说明用途。',
          '您可以随时在浏览器或系统设置中关闭这些权限；关闭后，相关功能将无法使用，其他功能不受影响。',
        ],
      },
      {
        title: '四、第三方服务',
        paragraphs: [
          '如果运营方配置了第三方人工智能服务（例如阿里云百炼 DashScope 提供的通义千问视觉模型、语音合成和语音识别服务），为完成分析，您发送的照片、声音或文字会传送给该服务提供方处理。未配置时，分析在我们自己的服务器上完成。',
          '视频求助时，您的画面和声音会实时传送给接听的志愿者。',
          '除上述情形及法律法规要求外，我们不会向第三方提供您的个人信息。',
        ],
      },
      {
        title: '五、信息的保存',
        paragraphs: [
          '照片和录音仅在分析所需的时间内处理，分析完成后不作长期保存，除非您主动保存到相册或聊天记录中。聊天记录保存在您的设备上。',
          '账号信息在您的账号存续期间保存；注销账号后，我们会在 30 天内删除或匿名化处理。',
          '访问日志最多保存 6 个月，用于排查故障和保障安全。',
        ],
      },
      {
        title: '六、您的权利',
        paragraphs: [
          '您可以在个人中心查看和修改您的昵称、身份和语速。',
          '您可以随时退出登录，也可以联系我们注销账号并删除您的个人信息。',
          '您可以随时撤回对本政策的同意：清除本应用的网站数据或卸载 App 即可，撤回后将无法继续使用需要相应权限的功能。',
        ],
      },
      {
        title: '七、未成年人',
        paragraphs: ['未满 14 周岁的未成年人应在监护人的陪同和同意下使用本应用。'],
      },
      {
        title: '八、联系我们',
        paragraphs: [
          '如果您对本政策或您的个人信息有任何疑问、意见或请求，请通过“联系我们”页面与我们联系，我们会在 15 个工作日内答复。',
        ],
      },
    ],
  },
  roleSelect: {
    title: '选择您的身份',
    intro: '请选择您使用帮我看看的方式，之后可以在个人中心更改。',
    seeker: '我需要视觉帮助',
    seekerDescription: '通过摄像头获得 AI 描述，或请志愿者通过视频帮您看一看。',
    volunteer: '我是志愿者',
    volunteerDescription: '接听视障朋友的视频求助，用您的眼睛帮他们看一看。',
    current: '当前身份：{{role}}',
    saving: '正在保存…',
    chosen: '已选择：{{role}}',
  },
  roles: {
    seeker: '求助者',
    volunteer: '志愿者',
    none: '尚未选择身份',
  },
  profile: {
    title: '个人中心',
    whoTitle: '我的账号',
    nickname: '昵称：{{name}}',
    phone: '手机号：{{phone}}',
    role: '身份：{{role}}',
    changeRole: '更改身份',
    speechTitle: '语音',
    speechRate: '语速',
    speechRateOption: '{{rate}} 倍',
    speechRateSaved: '语速已设为 {{rate}} 倍',
    moreTitle: '更多',
    pointsLogs: '积分明细',
    operationSettings: '操作设置',
    help: '帮助',
    donate: '捐助',
    contactUs: '联系我们',
    privacy: '隐私政策',
    download: '下载 App',
    logout: '退出登录',
    loggedOut: '已退出登录',
  },
} as const;

type Widen<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? readonly Widen<U>[]
    : { readonly [K in keyof T]: Widen<T[K]> };

/** The shape every locale must fill. */
export type Messages = Widen<typeof zhCN>;
