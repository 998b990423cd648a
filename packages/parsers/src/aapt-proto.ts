// The subset of aapt2's Resources.proto / Configuration.proto (package aapt.pb) that the AAB
// parser reads, as a protobufjs JSON descriptor. Field numbers are those of the AOSP files
// (frameworks/base/tools/aapt2/Resources.proto, Configuration.proto); fields not listed here
// are skipped by the decoder.

import protobuf from 'protobufjs';

const descriptor = {
  nested: {
    aapt: {
      nested: {
        pb: {
          nested: {
            XmlNode: {
              oneofs: { node: { oneof: ['element', 'text'] } },
              fields: { element: { type: 'XmlElement', id: 1 }, text: { type: 'string', id: 2 } },
            },
            XmlElement: {
              fields: {
                namespaceDeclaration: { rule: 'repeated', type: 'XmlNamespace', id: 1 },
                namespaceUri: { type: 'string', id: 2 },
                name: { type: 'string', id: 3 },
                attribute: { rule: 'repeated', type: 'XmlAttribute', id: 4 },
                child: { rule: 'repeated', type: 'XmlNode', id: 5 },
              },
            },
            XmlNamespace: { fields: { prefix: { type: 'string', id: 1 }, uri: { type: 'string', id: 2 } } },
            XmlAttribute: {
              fields: {
                namespaceUri: { type: 'string', id: 1 },
                name: { type: 'string', id: 2 },
                value: { type: 'string', id: 3 },
                resourceId: { type: 'uint32', id: 5 },
                compiledItem: { type: 'Item', id: 6 },
              },
            },
            Item: {
              oneofs: { value: { oneof: ['ref', 'str', 'rawStr', 'styledStr', 'file', 'id', 'prim'] } },
              fields: {
                ref: { type: 'Reference', id: 1 },
                str: { type: 'String', id: 2 },
                rawStr: { type: 'RawString', id: 3 },
                styledStr: { type: 'StyledString', id: 4 },
                file: { type: 'FileReference', id: 5 },
                id: { type: 'Id', id: 6 },
                prim: { type: 'Primitive', id: 7 },
              },
            },
            Reference: { fields: { type: { type: 'uint32', id: 1 }, id: { type: 'uint32', id: 2 }, name: { type: 'string', id: 3 } } },
            Id: { fields: {} },
            String: { fields: { value: { type: 'string', id: 1 } } },
            RawString: { fields: { value: { type: 'string', id: 1 } } },
            StyledString: { fields: { value: { type: 'string', id: 1 } } },
            FileReference: { fields: { path: { type: 'string', id: 1 }, type: { type: 'uint32', id: 2 } } },
            Primitive: {
              oneofs: {
                oneofValue: {
                  oneof: [
                    'nullValue',
                    'emptyValue',
                    'floatValue',
                    'dimensionValue',
                    'fractionValue',
                    'intDecimalValue',
                    'intHexadecimalValue',
                    'booleanValue',
                    'colorArgb8Value',
                    'colorRgb8Value',
                    'colorArgb4Value',
                    'colorRgb4Value',
                  ],
                },
              },
              fields: {
                nullValue: { type: 'Empty', id: 1 },
                emptyValue: { type: 'Empty', id: 2 },
                floatValue: { type: 'float', id: 3 },
                dimensionValue: { type: 'uint32', id: 13 },
                fractionValue: { type: 'uint32', id: 14 },
                intDecimalValue: { type: 'int32', id: 6 },
                intHexadecimalValue: { type: 'uint32', id: 7 },
                booleanValue: { type: 'bool', id: 8 },
                colorArgb8Value: { type: 'uint32', id: 9 },
                colorRgb8Value: { type: 'uint32', id: 10 },
                colorArgb4Value: { type: 'uint32', id: 11 },
                colorRgb4Value: { type: 'uint32', id: 12 },
              },
            },
            Empty: { fields: {} },
            ResourceTable: { fields: { package: { rule: 'repeated', type: 'Package', id: 2 } } },
            PackageId: { fields: { id: { type: 'uint32', id: 1 } } },
            Package: {
              fields: {
                packageId: { type: 'PackageId', id: 1 },
                packageName: { type: 'string', id: 2 },
                type: { rule: 'repeated', type: 'Type', id: 3 },
              },
            },
            TypeId: { fields: { id: { type: 'uint32', id: 1 } } },
            Type: {
              fields: {
                typeId: { type: 'TypeId', id: 1 },
                name: { type: 'string', id: 2 },
                entry: { rule: 'repeated', type: 'Entry', id: 3 },
              },
            },
            EntryId: { fields: { id: { type: 'uint32', id: 1 } } },
            Entry: {
              fields: {
                entryId: { type: 'EntryId', id: 1 },
                name: { type: 'string', id: 2 },
                configValue: { rule: 'repeated', type: 'ConfigValue', id: 6 },
              },
            },
            ConfigValue: { fields: { config: { type: 'Configuration', id: 1 }, value: { type: 'Value', id: 2 } } },
            Value: { fields: { item: { type: 'Item', id: 4 } } },
            Configuration: {
              fields: {
                locale: { type: 'string', id: 3 },
                density: { type: 'uint32', id: 18 },
                sdkVersion: { type: 'uint32', id: 24 },
                product: { type: 'string', id: 25 },
              },
            },
          },
        },
      },
    },
  },
};

let root: protobuf.Root | null = null;

function types() {
  root ??= protobuf.Root.fromJSON(descriptor);
  return { XmlNode: root.lookupType('aapt.pb.XmlNode'), ResourceTable: root.lookupType('aapt.pb.ResourceTable') };
}

export interface PbItem {
  ref?: { type?: number; id?: number; name?: string };
  str?: { value?: string };
  rawStr?: { value?: string };
  styledStr?: { value?: string };
  file?: { path?: string };
  prim?: {
    intDecimalValue?: number;
    intHexadecimalValue?: number;
    booleanValue?: boolean;
    floatValue?: number;
  };
}

export interface PbXmlNode {
  element?: PbXmlElement;
  text?: string;
}

export interface PbXmlElement {
  namespaceUri?: string;
  name?: string;
  attribute?: Array<{ namespaceUri?: string; name?: string; value?: string; resourceId?: number; compiledItem?: PbItem }>;
  child?: PbXmlNode[];
}

export interface PbResourceTable {
  package?: Array<{
    packageId?: { id?: number };
    packageName?: string;
    type?: Array<{
      typeId?: { id?: number };
      name?: string;
      entry?: Array<{
        entryId?: { id?: number };
        name?: string;
        configValue?: Array<{ config?: { locale?: string; density?: number }; value?: { item?: PbItem } }>;
      }>;
    }>;
  }>;
}

const toObjectOptions: protobuf.IConversionOptions = { longs: Number, enums: Number, defaults: false, arrays: true };

export function decodeXmlNode(bytes: Buffer): PbXmlNode {
  const { XmlNode } = types();
  return XmlNode.toObject(XmlNode.decode(bytes), toObjectOptions) as PbXmlNode;
}

export function decodeResourceTable(bytes: Buffer): PbResourceTable {
  const { ResourceTable } = types();
  return ResourceTable.toObject(ResourceTable.decode(bytes), toObjectOptions) as PbResourceTable;
}
