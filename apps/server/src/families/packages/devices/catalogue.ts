/**
 * Device models the store knows, with what each one runs. Data, not logic: operators of a
 * deployment extend this list (docs/operations.md, "Device catalogue").
 *
 * - androidApi: the Android API level an Android-compatible system on the model offers
 *   (EMUI and HarmonyOS 2-4 run APKs at the level of their AOSP base); null when the model
 *   runs no APKs.
 * - harmonyApi: the HarmonyOS API level (5.0.0 is 12) of its newest HarmonyOS NEXT/5 system;
 *   null when it never got one.
 * - quickAppPlatform: the quick app platform version of its newest quick app engine; null when
 *   it has none.
 * - features: Android hardware features relevant to uses-feature checks.
 */
export type DeviceType = 'phone' | 'tablet' | 'wearable' | 'tv' | 'car' | '2in1';

export interface DeviceModel {
  model: string;
  name: string;
  brand: string;
  deviceType: DeviceType;
  releaseYear: number;
  androidApi: number | null;
  harmonyApi: number | null;
  quickAppPlatform: number | null;
  features: readonly string[];
}

const PHONE = ['android.hardware.telephony', 'android.hardware.camera', 'android.hardware.touchscreen', 'android.hardware.wifi', 'android.hardware.bluetooth', 'android.hardware.location.gps'];
const PHONE_NFC = [...PHONE, 'android.hardware.nfc'];
const TABLET_WIFI = ['android.hardware.camera', 'android.hardware.touchscreen', 'android.hardware.wifi', 'android.hardware.bluetooth'];
const WATCH = ['android.hardware.type.watch', 'android.hardware.touchscreen', 'android.hardware.bluetooth', 'android.hardware.location.gps'];
const TV = ['android.software.leanback', 'android.hardware.wifi', 'android.hardware.bluetooth'];

export const DEVICE_CATALOGUE: readonly DeviceModel[] = [
  { model: 'PLA-AL10', name: 'HUAWEI Mate X6', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2024, androidApi: null, harmonyApi: 12, quickAppPlatform: 1200, features: PHONE_NFC },
  { model: 'HBN-AL00', name: 'HUAWEI Pura 70 Pro', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2024, androidApi: 31, harmonyApi: 12, quickAppPlatform: 1200, features: PHONE_NFC },
  { model: 'ALN-AL00', name: 'HUAWEI Mate 60 Pro', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2023, androidApi: 31, harmonyApi: 12, quickAppPlatform: 1200, features: PHONE_NFC },
  { model: 'BRA-AL00', name: 'HUAWEI Mate 60', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2023, androidApi: 31, harmonyApi: 12, quickAppPlatform: 1200, features: PHONE_NFC },
  { model: 'LNA-AL00', name: 'HUAWEI P60 Pro', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2023, androidApi: 31, harmonyApi: 12, quickAppPlatform: 1200, features: PHONE_NFC },
  { model: 'CET-AL00', name: 'HUAWEI Mate 50', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2022, androidApi: 31, harmonyApi: null, quickAppPlatform: 1100, features: PHONE_NFC },
  { model: 'NOH-AL00', name: 'HUAWEI Mate 40 Pro', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2020, androidApi: 29, harmonyApi: null, quickAppPlatform: 1100, features: PHONE_NFC },
  { model: 'ELS-AN00', name: 'HUAWEI P40 Pro', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2020, androidApi: 29, harmonyApi: null, quickAppPlatform: 1100, features: PHONE_NFC },
  { model: 'LIO-AL00', name: 'HUAWEI Mate 30 Pro', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2019, androidApi: 29, harmonyApi: null, quickAppPlatform: 1070, features: PHONE_NFC },
  { model: 'VOG-AL00', name: 'HUAWEI P30 Pro', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2019, androidApi: 29, harmonyApi: null, quickAppPlatform: 1070, features: PHONE_NFC },
  { model: 'EML-AL00', name: 'HUAWEI P20', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2018, androidApi: 29, harmonyApi: null, quickAppPlatform: 1060, features: PHONE_NFC },
  { model: 'BKL-AL00', name: 'HONOR V10', brand: 'HONOR', deviceType: 'phone', releaseYear: 2017, androidApi: 28, harmonyApi: null, quickAppPlatform: 1040, features: PHONE },
  { model: 'FIG-AL00', name: 'HUAWEI Enjoy 7S', brand: 'HUAWEI', deviceType: 'phone', releaseYear: 2017, androidApi: 26, harmonyApi: null, quickAppPlatform: 1030, features: PHONE },
  { model: 'PCE-W30', name: 'HUAWEI MatePad Pro 13.2', brand: 'HUAWEI', deviceType: 'tablet', releaseYear: 2023, androidApi: 31, harmonyApi: 12, quickAppPlatform: 1200, features: TABLET_WIFI },
  { model: 'WGR-W09', name: 'HUAWEI MatePad Pro 12.6', brand: 'HUAWEI', deviceType: 'tablet', releaseYear: 2021, androidApi: 29, harmonyApi: null, quickAppPlatform: 1100, features: TABLET_WIFI },
  { model: 'DBY-W09', name: 'HUAWEI MatePad 11', brand: 'HUAWEI', deviceType: 'tablet', releaseYear: 2021, androidApi: 29, harmonyApi: null, quickAppPlatform: 1100, features: TABLET_WIFI },
  { model: 'MRX-AL09', name: 'HUAWEI MatePad Pro 10.8', brand: 'HUAWEI', deviceType: 'tablet', releaseYear: 2019, androidApi: 29, harmonyApi: null, quickAppPlatform: 1070, features: [...TABLET_WIFI, 'android.hardware.telephony'] },
  { model: 'ARC-AL00', name: 'HUAWEI WATCH 4', brand: 'HUAWEI', deviceType: 'wearable', releaseYear: 2023, androidApi: null, harmonyApi: 12, quickAppPlatform: null, features: WATCH },
  { model: 'HD65KAN9A', name: 'HUAWEI Vision Smart Screen 65', brand: 'HUAWEI', deviceType: 'tv', releaseYear: 2021, androidApi: 29, harmonyApi: null, quickAppPlatform: null, features: TV },
  { model: 'HAD-W32', name: 'HUAWEI MateBook Fold', brand: 'HUAWEI', deviceType: '2in1', releaseYear: 2025, androidApi: null, harmonyApi: 15, quickAppPlatform: null, features: [] },
];
