#!/usr/bin/python3
"""Generates ubx_encoders.json: the frames pyubx2 builds for the configuration messages the
gpsbox daemon sends. UBXEncoderTests builds the same messages and compares byte for byte.
Regenerate with: /usr/bin/python3 ubx_encoders.py > ubx_encoders.json
"""
import json
import sys

import pyubx2
from pyubx2 import POLL, SET, UBXMessage

cases = {}


def add(name, msg):
    cases[name] = msg.serialize().hex()


add("poll NAV-PVT", UBXMessage("NAV", "NAV-PVT", POLL))
add("poll MON-VER", UBXMessage("MON", "MON-VER", POLL))
add("poll CFG-PRT UART1", UBXMessage("CFG", "CFG-PRT", POLL, portID=1))
add("poll CFG-MSG NAV-SAT", UBXMessage("CFG", "CFG-MSG", POLL, msgClass=0x01, msgID=0x35))

add("CFG-VALSET rate+msgout RAM", UBXMessage.config_set(1, 0, [
    ("CFG_RATE_MEAS", 100), ("CFG_MSGOUT_UBX_NAV_PVT_UART1", 1), ("CFG_MSGOUT_UBX_NAV_SAT_UART1", 5),
    ("CFG_MSGOUT_UBX_NAV_DOP_UART1", 1), ("CFG_MSGOUT_UBX_NAV_EOE_UART1", 1)]))
add("CFG-VALSET i2c RAM+BBR+flash", UBXMessage.config_set(7, 0, [
    ("CFG_MSGOUT_UBX_NAV_PVT_I2C", 1), ("CFG_MSGOUT_UBX_NAV_SAT_I2C", 1), ("CFG_MSGOUT_UBX_NAV_DOP_I2C", 1),
    ("CFG_I2COUTPROT_NMEA", 0), ("CFG_I2COUTPROT_UBX", 1), ("CFG_I2C_ADDRESS", 0x84)]))
add("CFG-VALSET uart1 BBR", UBXMessage.config_set(2, 0, [
    ("CFG_UART1_BAUDRATE", 115200), ("CFG_UART1OUTPROT_NMEA", 0), ("CFG_UART1OUTPROT_UBX", 1),
    ("CFG_UART1INPROT_UBX", 1), ("CFG_NAVSPG_DYNMODEL", 4)]))
add("CFG-VALGET RAM", UBXMessage.config_poll(0, 0, [
    "CFG_RATE_MEAS", "CFG_UART1_BAUDRATE", "CFG_NAVSPG_DYNMODEL", "CFG_MSGOUT_UBX_NAV_PVT_UART1"]))
add("CFG-VALGET flash", UBXMessage.config_poll(2, 0, ["CFG_I2C_ADDRESS", "CFG_I2COUTPROT_NMEA"]))

add("CFG-PRT UART1 115200 UBX out", UBXMessage("CFG", "CFG-PRT", SET, portID=1, charLen=3, parity=4,
    nStopBits=0, baudRate=115200, inUBX=1, inNMEA=1, outUBX=1))
add("CFG-PRT UART1 9600 UBX+NMEA out", UBXMessage("CFG", "CFG-PRT", SET, portID=1, charLen=3, parity=4,
    nStopBits=0, baudRate=9600, inUBX=1, inNMEA=1, outUBX=1, outNMEA=1))
# pyubx2 models only the UART mode bits and the 8-byte CFG-MSG, so these two give the payload
# as bytes (from the M8 Receiver Description): they check framing and checksum only.
add("CFG-PRT DDC 0x42 UBX out", UBXMessage("CFG", "CFG-PRT", SET, portID=0,
    payload=bytes([0, 0, 0, 0, 0x84, 0, 0, 0, 0, 0, 0, 0, 3, 0, 1, 0, 0, 0, 0, 0])))
add("CFG-MSG NAV-PVT 1", UBXMessage("CFG", "CFG-MSG", SET, msgClass=0x01, msgID=0x07, rateDDC=0, rateUART1=1,
    rateUART2=0, rateUSB=0, rateSPI=0, reserved=0))
add("CFG-MSG NAV-SAT short", UBXMessage("CFG", "CFG-MSG", SET, payload=bytes([0x01, 0x35, 5])))
add("CFG-RATE 10 Hz", UBXMessage("CFG", "CFG-RATE", SET, measRate=100, navRate=1, timeRef=1))
add("CFG-RATE 1 Hz", UBXMessage("CFG", "CFG-RATE", SET, measRate=1000, navRate=1, timeRef=1))
for model, value in [("portable", 0), ("stationary", 2), ("pedestrian", 3), ("automotive", 4), ("sea", 5),
                     ("airborne1g", 6), ("airborne2g", 7), ("airborne4g", 8), ("wrist", 9), ("bike", 10)]:
    add(f"CFG-NAV5 {model}", UBXMessage("CFG", "CFG-NAV5", SET, dyn=1, dynModel=value))
add("CFG-CFG save all", UBXMessage("CFG", "CFG-CFG", SET, saveMask=b"\x1f\x1f\x00\x00", devBBR=1, devFlash=1))

json.dump({"generator": f"pyubx2 {pyubx2.__version__}", "frames": cases}, sys.stdout, indent=1)
sys.stdout.write("\n")
