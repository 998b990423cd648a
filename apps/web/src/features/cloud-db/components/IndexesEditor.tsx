import { Button, Card, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** An object type's indexes: a name, and its fields in order, each ascending or descending. */
export function IndexesEditor({ fieldNames }: { fieldNames: string[] }) {
  const { t } = useTranslation('cloud-db');
  const options = fieldNames.filter(Boolean).map((n) => ({ value: n, label: n }));
  return (
    <Form.List name="indexes">
      {(rows, { add, remove }) => (
        <Flex vertical gap="small">
          {rows.map((r) => (
            <Card size="small" key={r.key}>
              <Flex gap="small" wrap align="start">
                <Form.Item name={[r.name, 'indexName']} noStyle>
                  <Input aria-label={t('editor.indexName')} placeholder={t('editor.indexName')} style={{ width: 200 }} maxLength={30} />
                </Form.Item>
                <Form.List name={[r.name, 'indexList']}>
                  {(entries, list) => (
                    <Flex gap="small" wrap>
                      {entries.map((e) => (
                        <Flex key={e.key} gap={4}>
                          <Form.Item name={[e.name, 'fieldName']} noStyle>
                            <Select aria-label={t('editor.indexField')} style={{ width: 160 }} options={options} />
                          </Form.Item>
                          <Form.Item name={[e.name, 'sortType']} noStyle>
                            <Select aria-label={t('editor.sortType')} style={{ width: 140 }} options={[{ value: 'ASC', label: t('editor.asc') }, { value: 'DESC', label: t('editor.desc') }]} />
                          </Form.Item>
                          <Button type="text" aria-label={t('editor.removeIndexField')} onClick={() => list.remove(e.name)}>×</Button>
                        </Flex>
                      ))}
                      <Button onClick={() => list.add({ fieldName: options[0]?.value ?? '', sortType: 'ASC' })}>{t('editor.addIndexField')}</Button>
                    </Flex>
                  )}
                </Form.List>
                <Button type="link" danger onClick={() => remove(r.name)}>{t('editor.removeIndex')}</Button>
              </Flex>
            </Card>
          ))}
          <div>
            <Button onClick={() => add({ indexName: '', indexList: [{ fieldName: options[0]?.value ?? '', sortType: 'ASC' }] })}>{t('editor.addIndex')}</Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
