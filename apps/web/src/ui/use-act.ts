import { App as AntApp } from 'antd';

/**
 * Runs a console change and says it is done; resolves to whether it was. A refusal needs
 * no word here: the request layer's error box has shown the reason.
 */
export function useAct(): (work: Promise<unknown>, done: string) => Promise<boolean> {
  const { message } = AntApp.useApp();
  return async (work, done) => {
    try {
      await work;
      void message.success(done);
      return true;
    } catch {
      return false;
    }
  };
}
