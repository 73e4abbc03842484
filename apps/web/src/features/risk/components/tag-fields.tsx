import { ColorPicker, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export type TagDraft = { text: string; colour: string };

/**
 * Text and colour of a tag (risk-config.md §3 "Tag"), used by the tag form (as one form field, whose
 * `value` and `onChange` the form gives) and inline in the tag-rule form.
 */
export const TagFields = ({
  value = { text: '', colour: '#1677ff' },
  onChange = () => undefined,
  errors = {},
}: {
  value?: TagDraft;
  onChange?: (value: TagDraft) => void;
  errors?: Partial<Record<keyof TagDraft, string>>;
}) => {
  const { t } = useTranslation();
  return (
    <Space wrap align="start">
      <div>
        <Input
          aria-label={t('tags.fields.text')}
          placeholder={t('tags.fields.text')}
          status={errors.text ? 'error' : undefined}
          maxLength={60}
          style={{ width: 240 }}
          value={value.text}
          onChange={(e) => onChange({ ...value, text: e.target.value })}
        />
        {errors.text && (
          <div role="alert" style={{ color: 'var(--ant-color-error, #cf1322)', fontSize: 12 }}>
            {errors.text}
          </div>
        )}
      </div>
      <ColorPicker
        aria-label={t('tags.fields.colour')}
        disabledAlpha
        showText
        value={value.colour}
        onChange={(colour) => onChange({ ...value, colour: colour.toHexString().slice(0, 7) })}
      />
    </Space>
  );
};
