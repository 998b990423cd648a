import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { WharfError } from '../errors';
import { configFile } from './fake-fetch';

describe('the configuration file', () => {
  it('gives the gateway, the app and its key, from its text or its object', () => {
    const expected = { gateway: 'https://wharf.test/agc/edge', appId: 'app-1', projectId: 'project-1', clientId: '123456789012345678', apiKey: 'key-1', packageName: 'com.example.notes', storageUrl: null };
    expect(readConfig(configFile)).toEqual(expected);
    expect(readConfig(JSON.stringify(configFile))).toEqual(expected);
    expect(readConfig(configFile, 'http://127.0.0.1:8080/agc/edge').gateway).toBe('http://127.0.0.1:8080/agc/edge');
    expect(readConfig({ ...configFile, cloudstorage: { storage_url: 'https://files.wharf.test/storage/v0/' } }).storageUrl).toBe('https://files.wharf.test/storage/v0');
  });

  it('says what is missing, and what to do, for a file it cannot use', () => {
    const noKey = { ...configFile, client: { ...configFile.client, api_key: '' } };
    expect(() => readConfig(noKey)).toThrow(/lacks api_key: download agconnect-services.json again/);
    expect(() => readConfig('{ not json')).toThrow(WharfError);
    expect(() => readConfig('{ not json')).toThrow(/not JSON/);
    expect(() => readConfig({ client: configFile.client })).toThrow(/agcgw.url/);
  });
});
