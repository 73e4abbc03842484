import { App, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useChooseMode, useMode } from '../api/choose-mode.ts';
import styles from './test-mode.module.css';

/**
 * The header's test-mode switch (issue 38): a real switch (`role="switch"`, `aria-checked`) named
 * by its visible label, so a click on the words toggles it too and Space or Enter work from the
 * keyboard. The choice is the server's, per user; the banner and every list follow it.
 */
export const ModeSwitch = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = useId();
  const mode = useMode();
  const choose = useChooseMode();
  const onChange = (on: boolean) =>
    choose.mutate(on ? 'test' : 'live', {
      onSuccess: () => void message.success(t(on ? 'testMode.nowTest' : 'testMode.nowLive')),
      onError: () => void message.error(t('testMode.switchFailed')),
    });
  return (
    <span className={styles.switch}>
      <Switch id={id} size="small" checked={mode === 'test'} loading={choose.isPending} onChange={onChange} />
      <label htmlFor={id}>{t('header.testMode')}</label>
    </span>
  );
};
