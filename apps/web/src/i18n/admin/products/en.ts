import type { Texts } from '../../texts.ts';
import type { productsAdminZhCN } from './zh-CN.ts';

export const productsAdminEn: Texts<typeof productsAdminZhCN> = {
  intro:
    'When the Barcode mode reads a product code, it looks the name up here first, then asks the configured product lookup service. Notes such as allergens or a dosage are read to the user with the name.',
  search: 'Search codes or names',
  searchButton: 'Search',
  create: 'Add product',
  code: 'Product code',
  codeHint: 'The 8, 12, 13 or 14 digits under the barcode on the package',
  name: 'Product name',
  notes: 'Notes',
  notesHint: 'Allergens, dosage, storage: read after the name',
  updatedAt: 'Updated',
  updatedBy: 'Updated by',
  actions: 'Actions',
  edit: 'Edit',
  editOf: 'Edit: {{name}}',
  remove: 'Delete',
  removeOf: 'Delete: {{name}}',
  confirmRemove:
    'Delete the product “{{name}}” ({{code}})? Its name will no longer be read when its code is scanned.',
  save: 'Save',
  cancel: 'Cancel',
  created: 'Added: {{name}}',
  saved: 'Saved: {{name}}',
  removed: 'Deleted: {{name}}',
  empty: 'No products yet',
  total: '{{count}} products',
};
