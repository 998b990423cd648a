import { Button, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PREDICATE_OPS, type ObjectType, type Predicate } from '@wharf/contract';
import type { BrowseQuery } from '../api/queries';
import { valueOfText } from './values';

interface Row {
  field?: string;
  op?: Predicate['op'];
  value?: string;
}
interface FilterForm {
  where: Row[];
  orderField?: string;
  direction: 'asc' | 'desc';
}

/** Conditions on fields and an order, applied together; `in` takes values separated by commas. */
export function FilterBar({ type, onApply }: { type: ObjectType; onApply: (q: BrowseQuery) => void }) {
  const { t } = useTranslation('cloud-db');
  const [form] = Form.useForm<FilterForm>();
  const fields = type.fields.filter((f) => !f.isNeedEncrypt).map((f) => ({ value: f.fieldName, label: f.fieldName }));
  const apply = (v: FilterForm) => {
    const where: Predicate[] = (v.where ?? [])
      .filter((r): r is Required<Pick<Row, 'field' | 'op'>> & Row => Boolean(r?.field && r.op))
      .map((r) => {
        const f = type.fields.find((x) => x.fieldName === r.field)!;
        if (r.op === 'isNull' || r.op === 'isNotNull') return { field: r.field, op: r.op };
        if (r.op === 'in') return { field: r.field, op: r.op, value: (r.value ?? '').split(',').map((s) => valueOfText(f, s.trim())) as Predicate['value'] };
        return { field: r.field, op: r.op, value: valueOfText(f, r.value ?? '') as Predicate['value'] };
      });
    onApply({ where, orderBy: v.orderField ? [{ field: v.orderField, direction: v.direction ?? 'asc' }] : [] });
  };
  return (
    <Form form={form} initialValues={{ where: [], direction: 'asc' }} onFinish={apply}>
      <Flex vertical gap="small">
        <Form.List name="where">
          {(rows, { add, remove }) => (
            <Flex vertical gap="small">
              {rows.map((r) => (
                <Flex key={r.key} gap="small" wrap>
                  <Form.Item name={[r.name, 'field']} noStyle>
                    <Select aria-label={t('data.field')} placeholder={t('data.field')} style={{ width: 180 }} options={fields} />
                  </Form.Item>
                  <Form.Item name={[r.name, 'op']} noStyle>
                    <Select aria-label={t('data.op')} placeholder={t('data.op')} style={{ width: 200 }} options={PREDICATE_OPS.map((op) => ({ value: op, label: t(`op.${op}`) }))} />
                  </Form.Item>
                  <Form.Item name={[r.name, 'value']} noStyle>
                    <Input aria-label={t('data.value')} placeholder={t('data.value')} style={{ width: 220 }} />
                  </Form.Item>
                  <Button type="text" aria-label={t('data.removeCondition')} onClick={() => remove(r.name)}>×</Button>
                </Flex>
              ))}
              <div>
                <Button onClick={() => add({ field: fields[0]?.value, op: 'equalTo' } satisfies Row)}>{t('data.addCondition')}</Button>
              </div>
            </Flex>
          )}
        </Form.List>
        <Flex gap="small" wrap>
          <Form.Item name="orderField" noStyle>
            <Select aria-label={t('data.orderBy')} placeholder={t('data.orderBy')} allowClear style={{ width: 180 }} options={fields} />
          </Form.Item>
          <Form.Item name="direction" noStyle>
            <Select aria-label={t('data.direction')} style={{ width: 150 }} options={[{ value: 'asc', label: t('editor.asc') }, { value: 'desc', label: t('editor.desc') }]} />
          </Form.Item>
          <Button type="primary" htmlType="submit">{t('data.apply')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}
