import { Button, Form, Input, Select } from 'antd';

/** One field of a filter bar: a text, search or date input, or a choice among options. */
export type FilterField =
  | { name: string; label: string; kind: 'text' | 'search' | 'date' }
  | {
      name: string;
      label: string;
      kind: 'select';
      options: readonly { value: string; label: string }[];
      /** In pixels: a choice is as wide as its longest option, not as the bar. */
      width: number;
    };

// an element, not a component: Form.Item gives its direct child the value, onChange and the id
// its label points at
const control = (field: FilterField) =>
  field.kind === 'select' ? (
    <Select style={{ width: field.width }} options={[...field.options]} />
  ) : (
    <Input type={field.kind === 'text' ? undefined : field.kind} />
  );

/**
 * The fields above a back-office table or chart and the button that applies them: what the
 * operator chose is only applied on that button (or Enter), never while typing.
 */
export function FilterBar<V extends object>({
  label,
  fields,
  initialValues,
  applyText,
  onApply,
}: {
  /** The form's accessible name, when the page has more than one thing it could filter. */
  label?: string;
  fields: readonly FilterField[];
  initialValues?: Partial<V>;
  applyText: string;
  onApply: (values: V) => void;
}) {
  return (
    <Form<V>
      className="admin-filters"
      layout="vertical"
      aria-label={label}
      initialValues={initialValues}
      onFinish={onApply}
    >
      {fields.map((field) => (
        <Form.Item key={field.name} label={field.label} name={field.name}>
          {control(field)}
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit">
        {applyText}
      </Button>
    </Form>
  );
}
