#!/usr/bin/python3
# Test support for the Excel import: a workbook changed by LibreOffice itself, as a user would in
# Calc, through LibreOffice's own API (python3-uno): rows inserted, columns deleted, sheets
# renamed and moved, values typed, sheets unprotected; then saved as .xlsx. LibreOffice moves the
# workbook's defined names with their cells, as Excel does.
#
# usage: libreoffice-edit.py <in.xlsx> <out.xlsx> <profile dir> '<operations as JSON>'
# operations, applied in order, each naming its sheet as it is named at that point:
#   {"op": "unprotect", "sheet": S}
#   {"op": "insertRows", "sheet": S, "row": 3, "count": 1}       row 1-based: the new rows come before it
#   {"op": "deleteRows", "sheet": S, "row": 3, "count": 1}       row 1-based: the first row deleted
#   {"op": "deleteColumns", "sheet": S, "col": 0, "count": 1}    col 0-based (0 = A)
#   {"op": "rename", "sheet": S, "to": NAME}
#   {"op": "move", "sheet": S, "to": 0}                           the sheet's new 0-based position
#   {"op": "set", "sheet": S, "cell": "B4", "value": 12 | "text"}
import json
import os
import subprocess
import sys
import time

import uno
from com.sun.star.beans import PropertyValue


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def file_url(path):
    return uno.systemPathToFileUrl(os.path.abspath(path))


def connect(pipe, proc):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext('com.sun.star.bridge.UnoUrlResolver', local)
    deadline = time.time() + 90
    while True:
        try:
            return resolver.resolve('uno:pipe,name=%s;urp;StarOffice.ComponentContext' % pipe)
        except Exception:
            if proc.poll() is not None or time.time() > deadline:
                raise RuntimeError('LibreOffice did not start (exit %s)' % proc.poll())
            time.sleep(0.2)


def apply(doc, op):
    sheets = doc.Sheets
    sheet = sheets.getByName(op['sheet'])
    kind = op['op']
    if kind == 'unprotect':
        sheet.unprotect('')
    elif kind == 'insertRows':
        sheet.Rows.insertByIndex(op['row'] - 1, op.get('count', 1))
    elif kind == 'deleteRows':
        sheet.Rows.removeByIndex(op['row'] - 1, op.get('count', 1))
    elif kind == 'deleteColumns':
        sheet.Columns.removeByIndex(op['col'], op.get('count', 1))
    elif kind == 'rename':
        sheet.Name = op['to']
    elif kind == 'move':
        sheets.moveByName(op['sheet'], op['to'])
    elif kind == 'set':
        cell = sheet.getCellRangeByName(op['cell'])
        if isinstance(op['value'], (int, float)):
            cell.Value = op['value']
        else:
            cell.String = op['value']
    else:
        raise ValueError('unknown operation %s' % kind)


def main():
    src, dst, profile, ops = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
    pipe = 'rpimport%d' % os.getpid()
    soffice = os.environ.get('SOFFICE', '/usr/bin/soffice')
    proc = subprocess.Popen([soffice, '--headless', '--invisible', '--norestore', '--nologo', '--nodefault', '--nolockcheck',
                             '-env:UserInstallation=' + file_url(profile), '--accept=pipe,name=%s;urp;' % pipe],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    desktop = None
    try:
        ctx = connect(pipe, proc)
        desktop = ctx.ServiceManager.createInstanceWithContext('com.sun.star.frame.Desktop', ctx)
        doc = desktop.loadComponentFromURL(file_url(src), '_blank', 0, (prop('Hidden', True),))
        if doc is None:
            raise RuntimeError('LibreOffice could not open %s' % src)
        for op in ops:
            apply(doc, op)
        doc.storeToURL(file_url(dst), (prop('FilterName', 'Calc MS Excel 2007 XML'),))
        doc.close(True)
    finally:
        if desktop is not None:
            try:
                desktop.terminate()
            except Exception:
                pass
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == '__main__':
    main()
