import type { Texts } from '../texts.ts';
import type { channelBarcodeZhCN } from './zh-CN.ts';

export const channelBarcodeEn: Texts<typeof channelBarcodeZhCN> = {
  edge: {
    left: 'The code is at the left of the picture',
    right: 'The code is at the right of the picture',
    up: 'The code is at the top of the picture',
    down: 'The code is at the bottom of the picture',
  },
  product: 'Product code {{digits}}',
  productNamed: '{{name}}, product code {{digits}}',
  productNamedNotes: '{{name}}. {{notes}}. Product code {{digits}}',
  productName: '{{name}}',
  productNameNotes: '{{name}}. {{notes}}',
  payment: {
    wechat: 'A WeChat Pay payment code. It will not be opened',
    alipay: 'An Alipay payment code. It will not be opened',
    unionpay: 'A UnionPay payment code. It will not be opened',
    emvco: 'A payment code. It will not be opened',
    aggregator: 'A payment code of a payment service. It will not be opened',
  },
  link: 'Link {{host}}',
  linkPath: 'Link {{host}}, path {{path}}',
  openLink: 'Open link',
  wifi: 'Wi-Fi network {{ssid}}, password {{password}}',
  wifiOpen: 'Wi-Fi network {{ssid}}, no password',
  contact: 'Contact card: {{details}}',
  phone: 'Phone number {{number}}',
  sms: 'Text message to {{number}}',
  smsBody: 'Text message to {{number}}: {{body}}',
  email: 'E-mail address {{address}}',
  emailSubject: 'E-mail to {{address}}, subject {{subject}}',
  qrText: 'Code says: {{text}}',
  barText: 'Barcode says: {{text}}',
};
